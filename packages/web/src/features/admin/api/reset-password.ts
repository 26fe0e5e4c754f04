import { api } from "@/lib/api-client";

/** `POST /user/adminResetPassword`: unsets the password and ends every session; optionally e-mails a reset link. */
export const adminResetPassword = (userId: string, sendEmail: boolean) => api<{ status: string; emailSent: boolean }>("/user/adminResetPassword", { method: "POST", body: { userId, sendEmail } });
