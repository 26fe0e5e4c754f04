import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { toast } from "@/components/ui/toast-store";
import { revokeKey } from "../api/revoke-key";
import { refreshKeys } from "../api/keys";
import { useIntegrationMessages } from "../lib/messages";
import type { ApiKeyView } from "../types";

/** Asks before a key stops working: whatever uses it is refused from its next call. */
export function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const messages = useIntegrationMessages();
  const [revoking, setRevoking] = useState(false);
  async function confirm() {
    if (!apiKey || revoking) return;
    setRevoking(true);
    try {
      await revokeKey(apiKey.id);
      toast.success(t("integrations.revoke.done", { name: apiKey.name }));
      void refreshKeys();
    } catch (caught) {
      toast.error(messages.errorMessage(caught, "integrations.revoke.failed"));
    } finally {
      setRevoking(false);
      onClose();
    }
  }
  return (
    <AlertDialog
      open={apiKey !== null}
      kind="warning"
      title={t("integrations.revoke.title")}
      text={apiKey ? t("integrations.revoke.text", { name: apiKey.name }) : ""}
      confirmLabel={t("integrations.revoke.confirm")}
      showCancel
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
