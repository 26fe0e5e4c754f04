export { Auth } from "./auth";
export { Company } from "./company";
export { Counter } from "./counter";
export { Health } from "./health";
export { Mailer, Sms, Outbox } from "./messaging";
export { User } from "./user";
export { Profile } from "./user/profile";
export * from "./util/errors";
