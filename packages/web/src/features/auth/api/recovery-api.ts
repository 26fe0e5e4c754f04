import { api } from "@/lib/api-client";
import type { TokenPair } from "../session/tokens";

interface Message {
  message: string;
}

export const sendResetPassword = (email: string) => api<Message>("/auth/send-reset-password", { method: "POST", body: { email }, auth: false });

export const resetPassword = (resetToken: string, password: string) =>
  api<Message>("/auth/reset-password", { method: "POST", body: { reset_token: resetToken, password }, auth: false });

/** `PUT /auth/resetPassword`: the signed-in user's password change (with the current password). */
export const changePassword = (password: string, currentPassword: string) => api<Message>("/auth/resetPassword", { method: "PUT", body: { password, currentPassword } });

export const requestSmsLogin = (phoneNumber: string, consent: boolean) =>
  api<Message>("/auth/request-sms-login", { method: "POST", body: { phoneNumber, consent }, auth: false });

export const verifySmsLogin = (token: string) => api<TokenPair>("/auth/verify-sms-login", { method: "POST", body: { token }, auth: false });
