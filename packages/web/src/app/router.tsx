import { createBrowserRouter, Navigate, type RouteObject } from "react-router-dom";
import { publicRoutes } from "./routes/public";
import { authRoutes } from "./routes/auth";
import { signedInRoutes } from "./routes/signed-in";

/** SPEC §2 fallback: /home with a token and a company, otherwise / (the session-aware version replaces this). */
const fallback: RouteObject = { path: "*", element: <Navigate to="/" replace /> };

export const router = createBrowserRouter([...publicRoutes, ...authRoutes, ...signedInRoutes, fallback]);
