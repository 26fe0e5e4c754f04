import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";

/** The new key's secret, this once: it is not stored anywhere it could be shown again. */
export function SecretDialog({ secret, name, onClose }: { secret: string | null; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  async function copy() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // a browser that refuses the clipboard: the key stays selectable in the box
      setCopied(false);
    }
  }
  return (
    <Modal
      open={secret !== null}
      onClose={() => {
        setCopied(false);
        onClose();
      }}
      title={t("integrations.secret.title", { name })}
      footer={
        <Button
          onClick={() => {
            setCopied(false);
            onClose();
          }}
        >
          {t("integrations.secret.done")}
        </Button>
      }
    >
      <Notice kind="warning" className="mt-4">
        {t("integrations.secret.once")}
      </Notice>
      <label htmlFor="new-api-key" className="mt-4 block text-sm font-medium text-slate-800">
        {t("integrations.secret.label")}
      </label>
      <input id="new-api-key" readOnly value={secret ?? ""} onFocus={(event) => event.target.select()} className="mt-1 w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all" />
      <div className="mt-2 flex items-center gap-3">
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {t("integrations.secret.copy")}
        </Button>
        <span role="status" className="text-sm text-slate-600">
          {copied ? t("integrations.secret.copied") : ""}
        </span>
      </div>
    </Modal>
  );
}
