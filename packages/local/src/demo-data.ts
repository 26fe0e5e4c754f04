import type { SeatRole } from "@fleetforms/core/user/roles";

/** DESIGN §6: the demo companies and sign-ins. Fixed ids keep seeding idempotent. */
export const DEMO_COMPANIES = [
  { companyId: "acme-logistics", name: "Acme Logistics", companyEmail: "office@acme-logistics.example", companyWebsite: "https://acme-logistics.example", companyPhone: "5125550100", companyAddress: "100 Freight Way", city: "Austin", state: "TX", zipCode: "78701" },
  { companyId: "beta-transport", name: "Beta Transport", companyEmail: "hello@beta-transport.example", companyWebsite: "https://beta-transport.example", companyPhone: "2105550111", companyAddress: "9 Depot Road", city: "San Antonio", state: "TX", zipCode: "78205" },
] as const;

export type CompanyKey = "acme" | "beta";
export const COMPANY_ID: Record<CompanyKey, string> = { acme: "acme-logistics", beta: "beta-transport" };

export const DEMO_USERS: {
  username: string;
  firstName: string;
  lastName: string;
  lang: "en" | "es";
  phone?: string;
  providerAdmin?: boolean;
  seats: [CompanyKey, SeatRole][];
  describe: string;
}[] = [
  { username: "admin", firstName: "Ada", lastName: "Admin", lang: "en", providerAdmin: true, seats: [], describe: "provider administrator" },
  { username: "acme_admin", firstName: "Alicia", lastName: "Moreno", lang: "es", phone: "5125550101", seats: [["acme", "orgadmin"]], describe: "Acme Logistics orgadmin" },
  { username: "acme_driver", firstName: "Dan", lastName: "Driver", lang: "en", phone: "5125550102", seats: [["acme", "user"]], describe: "Acme Logistics user (driver)" },
  { username: "acme_viewer", firstName: "Vera", lastName: "Viewer", lang: "en", seats: [["acme", "viewer"]], describe: "Acme Logistics viewer" },
  { username: "beta_admin", firstName: "Bruno", lastName: "Salas", lang: "es", phone: "2105550112", seats: [["beta", "orgadmin"]], describe: "Beta Transport orgadmin" },
  { username: "multi_user", firstName: "Mia", lastName: "Multi", lang: "en", seats: [["acme", "user"], ["beta", "viewer"]], describe: "user at Acme, viewer at Beta" },
];

