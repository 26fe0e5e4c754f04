import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { DEMO_PASSWORD, type T } from "./forms-helpers";

/** North American VINs (docs/api-vehicles.md): the characters allowed, and the check digit's rule. */
const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const TRANSLITERATION: Record<string, number> = { A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9 };
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

export function checkDigit(vin: string): string {
  const sum = [...vin].reduce((total, char, i) => total + (/\d/.test(char) ? Number(char) : TRANSLITERATION[char]!) * WEIGHTS[i]!, 0);
  return sum % 11 === 10 ? "X" : String(sum % 11);
}

/** A random VIN whose check digit matches: every journey registers its own, so journeys run side by side. */
export function validVin(): string {
  const chars = Array.from({ length: 17 }, () => VIN_CHARS[Math.floor(Math.random() * VIN_CHARS.length)]!);
  chars[8] = "0";
  chars[8] = checkDigit(chars.join(""));
  return chars.join("");
}

/** The same VIN with a check digit that does not match. */
export function wrongCheckDigit(vin: string): string {
  const right = vin[8];
  const wrong = right === "0" ? "1" : "0";
  return `${vin.slice(0, 8)}${wrong}${vin.slice(9)}`;
}

/** A vehicle number nobody else uses: a prefix the journey can search for, and a random tail. */
export const uniqueNumber = (prefix: string) => `${prefix}-${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

/** An access token for a demo account, straight from the API. */
export async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post("/api/auth/login", { data: { email: username, password: DEMO_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

export interface CreatedVehicle {
  id: string;
  vehicleNumber: string;
  vin: string;
  description: string;
}

/** Registers a vehicle through `POST /vehicles` for a journey that starts from one. */
export async function createVehicleThroughApi(request: APIRequestContext, token: string, fields: { vehicleNumber: string; vin?: string; description?: string; type?: string }): Promise<CreatedVehicle> {
  const response = await request.post("/api/vehicles", { data: { type: "truck", ...fields }, headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as { data: { vehicle: CreatedVehicle } };
  return data.vehicle;
}

/** Opens /admin/vehicles and, when asked, narrows the table to what matches a search. */
export async function openVehicles(page: Page, t: T, search?: string) {
  await page.goto("/admin/vehicles");
  await expect(page.getByRole("heading", { level: 1, name: t("vehicles.title") })).toBeVisible();
  if (search) await searchVehicles(page, t, search);
}

export async function searchVehicles(page: Page, t: T, text: string) {
  await page.getByRole("searchbox", { name: t("vehicles.search.label") }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(text)}`));
}

/** The table row of one vehicle, found by its number (the row's header). */
export function vehicleRow(page: Page, vehicleNumber: string): Locator {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: vehicleNumber, exact: true }) });
}

/** Opens a row's actions menu and picks one. */
export async function vehicleAction(page: Page, t: T, vehicleNumber: string, action: "edit" | "activate" | "deactivate" | "delete") {
  await page.getByRole("button", { name: t("vehicles.actions.for", { number: vehicleNumber }) }).click();
  await page.getByRole("menuitem", { name: t(`vehicles.actions.${action}`) }).click();
}

/** The answer of an alert dialog (SPEC §2), by its title. */
export async function answerAlert(page: Page, title: string, button: string) {
  const alert = page.getByRole("alertdialog");
  await expect(alert.getByRole("heading", { name: title })).toBeVisible();
  await alert.getByRole("button", { name: button, exact: true }).click();
}

/** The demo "Vehicle inspection" form's questions (packages/local/src/demo-forms.ts), in both languages. */
export const INSPECTION_QUESTIONS = {
  vehicle: { en: "Vehicle", es: "Vehículo" },
  date: { en: "Inspection date", es: "Fecha de inspección" },
  odometer: { en: "Odometer", es: "Odómetro" },
  brakes: { en: "Brakes work properly?", es: "¿Los frenos funcionan bien?" },
  tires: { en: "Tires in good condition?", es: "¿Llantas en buen estado?" },
  lights: { en: "All lights working?", es: "¿Funcionan todas las luces?" },
  fuel: { en: "Fuel level", es: "Nivel de combustible" },
  notes: { en: "Describe the defects found", es: "Describa los defectos encontrados" },
};
