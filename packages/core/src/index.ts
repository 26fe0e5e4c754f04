export { Auth } from "./auth";
export { Company } from "./company";
export { Counter } from "./counter";
export { Health } from "./health";
export { User } from "./user";
export * from "./util/errors";
