import * as Mailer from "../messaging/mailer";
import { appUrl } from "../auth/links";
import type { Lang } from "../user/roles";

type InvitableRole = "user" | "viewer" | "orgadmin";

/** The invitation e-mail, in the language the inviter chose. */
const TEXTS = {
  en: {
    roles: { user: "user", viewer: "viewer", orgadmin: "company administrator" },
    subject: (company: string) => `You are invited to ${company} on Fleetforms`,
    text: (company: string, role: string, inviter: string, link: string) =>
      `Hello,\n\n${inviter} invited you to join ${company} on Fleetforms as ${role}. Open this link within 7 days to accept; if you have no Fleetforms account yet, you can create one there:\n\n${link}\n\nIf you did not expect this invitation, ignore this message: nothing changes until you accept.\n\nFleetforms`,
  },
  es: {
    roles: { user: "usuario", viewer: "lector", orgadmin: "administrador de la empresa" },
    subject: (company: string) => `Le invitan a ${company} en Fleetforms`,
    text: (company: string, role: string, inviter: string, link: string) =>
      `Hola:\n\n${inviter} le invitó a unirse a ${company} en Fleetforms como ${role}. Abra este enlace en los próximos 7 días para aceptar; si aún no tiene cuenta de Fleetforms, puede crearla allí:\n\n${link}\n\nSi no esperaba esta invitación, ignore este mensaje: nada cambia hasta que usted acepte.\n\nFleetforms`,
  },
} as const;

/** Sends the invitation link; the token travels only in this e-mail. */
export async function sendInvitation(input: { to: string; lang: Lang; companyId: string; company: string; role: InvitableRole; inviter: string; token: string }) {
  const texts = TEXTS[input.lang === "es" ? "es" : "en"];
  const link = await appUrl("/accept-invite", { token: input.token });
  await Mailer.send({ to: input.to, companyId: input.companyId, subject: texts.subject(input.company), text: texts.text(input.company, texts.roles[input.role], input.inviter, link) });
}
