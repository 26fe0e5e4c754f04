import { parseArgs } from "node:util";
import * as Account from "../packages/core/src/user/account";

/**
 * Creates the first provider administrator of a deployed stage (the local
 * stack seeds its own). Run through `sst bind` so the table is bound:
 *
 *   ADMIN_PASSWORD='<a long password>' npx sst bind --stage prod -- npx tsx scripts/create-admin.ts --username admin --email ops@example.com
 */
const { values } = parseArgs({ options: { username: { type: "string" }, email: { type: "string" } } });
const password = process.env.ADMIN_PASSWORD;
if (!values.username || !values.email || !password) {
  console.error("Usage: ADMIN_PASSWORD=... npx sst bind --stage <stage> -- npx tsx scripts/create-admin.ts --username <name> --email <address>");
  process.exit(2);
}
try {
  const user = await Account.create({ username: values.username, email: values.email, password, providerAdmin: true });
  console.log(`Created provider administrator ${user.username} (${user.userId}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
