import { api } from "@/lib/api-client";
import type { RecipientState } from "../types";

/** What a confirmation link shows: which company asks which address, and the answer so far (docs/api-reports.md "Recipients"). */
export interface RecipientRequest {
  company: { name: string };
  email: string;
  status: Exclude<RecipientState, "member">;
}

const path = (token: string) => `/report-recipients/${encodeURIComponent(token)}`;

/** `GET /report-recipients/{token}` (public: the signed token is the check). */
export const getRecipientRequest = (token: string) => api<{ data: RecipientRequest }>(path(token)).then((answer) => answer.data);

/** `POST /report-recipients/{token}`: the owner of the address confirms or declines. */
export const answerRecipientRequest = (token: string, answer: "confirm" | "decline") =>
  api<{ data: RecipientRequest }>(path(token), { method: "POST", body: { answer } }).then((reply) => reply.data);
