export type InvitableRole = "user" | "viewer" | "orgadmin";
export type InvitationStatus = "pending" | "accepted" | "revoked" | "expired";

/** What `GET /invitations/{token}` shows: no more than the company, the role, the state and the masked address. */
export interface Invitation {
  company: { name: string };
  role: InvitableRole;
  email: string;
  status: InvitationStatus;
  expiresAt: string;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}
