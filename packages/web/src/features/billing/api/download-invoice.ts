import { apiBlob } from "@/lib/api-client";

/** `GET /billing/{month}/invoice`: the month's invoice as a PDF, in the company's language. */
export const downloadInvoice = (month: string): Promise<Blob> => apiBlob(`/billing/${encodeURIComponent(month)}/invoice`);
