import { api } from "@/lib/api-client";

/** `POST /user/sendEmail`: a plain message from the company to one of its people. */
export const sendEmail = (userId: string, subject: string, message: string) => api<{ status: string; sent: number }>("/user/sendEmail", { method: "POST", body: { userId, subject, message } });
