import { createContext, useContext } from "react";
import { useTranslation } from "react-i18next";
import type { Element } from "@fleetforms/core/form/definition";
import type { Uploader } from "../lib/upload-file";
import type { Values } from "../lib/value-path";
import type { Lang, Vehicle } from "../types";

export interface VehicleChoices {
  vehicles: Vehicle[];
  loading?: boolean;
  failed?: boolean;
}

export interface RendererContextValue {
  values: Values;
  update: (change: (values: Values) => Values) => void;
  errors: Record<string, string[]>;
  lang: Lang;
  readOnly: boolean;
  idPrefix: string;
  isShown: (element: Element, item?: Values) => boolean;
  uploader?: Uploader;
  vehicles?: VehicleChoices;
  resolveAssetSrc?: (assetId: number) => Promise<string | undefined>;
  /** a field's error has been dealt with by a change */
  clearError: (key: string) => void;
}

export const RendererContext = createContext<RendererContextValue | null>(null);

export function useRenderer(): RendererContextValue {
  const context = useContext(RendererContext);
  if (!context) throw new Error("A form field was rendered outside <FormRenderer>");
  return context;
}

/**
 * A field's own words (Yes/No, "Choose...", "Take or choose a photo") in the form's language, which the
 * builder's preview may set apart from the interface's.
 */
export function useFormTranslation() {
  const { lang } = useRenderer();
  return useTranslation(undefined, { lng: lang });
}
