import { createBrowserRouter, Navigate } from "react-router-dom";
import { WelcomePage } from "@/features/home/welcome-page";

export const router = createBrowserRouter([
  { path: "/", element: <WelcomePage /> },
  { path: "/index", element: <WelcomePage /> },
  { path: "*", element: <Navigate to="/" replace /> },
]);
