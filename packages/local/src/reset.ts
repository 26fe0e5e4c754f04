import { rmSync } from "node:fs";
import { settings } from "./settings";

const { dataDir } = settings();
rmSync(dataDir, { recursive: true, force: true });
console.log(`Removed ${dataDir}. The next npm start seeds fresh demo data.`);
