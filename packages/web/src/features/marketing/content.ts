/** The keys of the marketing copy (marketing.json), in display order. */
export const SERVICE_KEYS = ["forms", "emissions", "reports", "integrations", "analytics", "realtime"] as const;
export const SERVICE_POINTS = ["one", "two", "three"] as const;
export const BENEFIT_KEYS = ["paperwork", "compliance", "visibility", "speed", "languages", "security"] as const;
export const TESTIMONIAL_KEYS = ["inspections", "compliance", "bilingual", "multiCompany"] as const;
export const PRICING_FAQ_KEYS = ["billable", "device", "invoice", "support"] as const;
