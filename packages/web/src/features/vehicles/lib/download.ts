export { saveBlob } from "@/lib/download";

/** A file name with today's date, so two exports do not overwrite each other in Downloads. */
export const datedFileName = (stem: string, extension: string, now = new Date()) => `${stem}-${now.toISOString().slice(0, 10)}.${extension}`;
