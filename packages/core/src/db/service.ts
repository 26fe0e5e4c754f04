import { documentClient } from "./client";
import { tableName } from "../util/config";

/** Every entity is built with the same client, table and service name. */
export const entityConfig = () => ({ client: documentClient(), table: tableName() });
export const SERVICE = "ff";
