import useSWR from "swr";
import { api } from "@/lib/api-client";

/** One month's sums from the company's fuel logs (docs/api-emissions.md). */
export interface EmissionsMonth {
  month: string;
  co2Kg: number;
  co2eKg: number | null;
  fills: number;
  co2KgPerKm: number | null;
  co2KgPerMile: number | null;
}

export interface CompanyEmissions {
  from: string;
  to: string;
  months: EmissionsMonth[];
  total: Omit<EmissionsMonth, "month">;
  factors: { source: string; edition: string; electricity: string };
}

/** `GET /emissions` (issue 42): the company's last twelve months of fuel logs as kg CO2 (viewers and administrators). */
export async function getEmissions(): Promise<CompanyEmissions> {
  return (await api<{ data: CompanyEmissions }>("/emissions")).data;
}

export function useEmissions(companyId: string) {
  return useSWR(["emissions", companyId] as const, () => getEmissions(), { revalidateOnMount: true });
}
