import { mutate } from "swr";

/** Every reports answer is cached under this first key part, with the company's id second. */
export const REPORTS = "reports";

/** After a schedule is saved, deleted or run: every cached reports answer is read again. */
export const refreshReports = () => mutate((key) => Array.isArray(key) && key[0] === REPORTS);
