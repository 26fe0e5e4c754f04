import type { Lang } from "../user/roles";

/** The texts of the e-mails and SMS the sign-in flows send, in the recipient's language. */
const TEXTS = {
  en: {
    resetSubject: "Reset your Fleetforms password",
    reset: (name: string, link: string) =>
      `Hello ${name},\n\nSomeone asked to reset the password of your Fleetforms account. If it was you, open this link within 60 minutes:\n\n${link}\n\nThe link works once. If you did not ask for it, ignore this message; your password stays the same.\n\nFleetforms`,
    sms: (link: string) => `Fleetforms: your sign-in link (valid 10 minutes, works once): ${link}`,
    inviteSubject: (company: string) => `You are invited to ${company} on Fleetforms`,
    invite: (company: string, link: string) =>
      `Hello,\n\nYou have been invited to join ${company} on Fleetforms. Complete your sign-up within 7 days with this link:\n\n${link}\n\nFleetforms`,
    addedSubject: (company: string) => `You now have access to ${company} on Fleetforms`,
    added: (name: string, company: string, link: string) =>
      `Hello ${name},\n\nYou have been added to ${company} on Fleetforms. Sign in and choose the company:\n\n${link}\n\nFleetforms`,
  },
  es: {
    resetSubject: "Restablezca su contraseña de Fleetforms",
    reset: (name: string, link: string) =>
      `Hola ${name}:\n\nAlguien pidió restablecer la contraseña de su cuenta de Fleetforms. Si fue usted, abra este enlace en los próximos 60 minutos:\n\n${link}\n\nEl enlace funciona una sola vez. Si no lo pidió, ignore este mensaje; su contraseña no cambia.\n\nFleetforms`,
    sms: (link: string) => `Fleetforms: su enlace de inicio de sesión (válido 10 minutos, un solo uso): ${link}`,
    inviteSubject: (company: string) => `Le invitan a ${company} en Fleetforms`,
    invite: (company: string, link: string) =>
      `Hola:\n\nLe han invitado a unirse a ${company} en Fleetforms. Complete su registro en los próximos 7 días con este enlace:\n\n${link}\n\nFleetforms`,
    addedSubject: (company: string) => `Ya tiene acceso a ${company} en Fleetforms`,
    added: (name: string, company: string, link: string) =>
      `Hola ${name}:\n\nLe han añadido a ${company} en Fleetforms. Inicie sesión y elija la empresa:\n\n${link}\n\nFleetforms`,
  },
} as const;

export const noticeTexts = (lang: Lang | undefined) => TEXTS[lang === "es" ? "es" : "en"];
