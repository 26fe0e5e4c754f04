import { api } from "@/lib/api-client";
import type { InvitableRole, Lang } from "../types";

/** `POST /user/invite`: a pending invitation e-mailed to the address; no seat until it is accepted. */
export const inviteUser = (input: { email: string; role: InvitableRole; lang: Lang }) => api<{ status: string }>("/user/invite", { method: "POST", body: input });
