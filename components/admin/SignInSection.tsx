"use client";
/** The admin home's sign-in setting: experts on single sign-on only (docs/decisions/023). */
import type { SignInSettings } from "@/lib/accounts/browser";
import { useTranslations } from "next-intl";
import { useState, useSyncExternalStore } from "react";
import { useErrorText } from "../i18n";
import { useSetSignInSettings } from "./mutations";

export function SignInSection({ initial, ssoName }: { initial: SignInSettings; ssoName: string | null }) {
  const t = useTranslations("Admin.signIn");
  const errorText = useErrorText();
  const [settings, setSettings] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  // A click before hydration would flip the box and save nothing: it is enabled once React handles it.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  // The box flips at once; a refusal puts it back and says why.
  const save = useSetSignInSettings({
    onMutate: (patch) => setSettings((s) => ({ ...s, ...patch })),
    onSuccess: (answer) => {
      setSettings(answer);
      setError(null);
    },
    onError: (e, patch) => {
      setSettings((s) => ({ ...s, expertsSsoOnly: !patch.expertsSsoOnly }));
      setError(errorText(e));
    },
  });
  return (
    <section className="card" aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading">{t("title")}</h2>
      <p className="muted">{ssoName ? t("ssoOn", { name: ssoName }) : t("ssoOff")}</p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={settings.expertsSsoOnly}
          disabled={!hydrated || save.isPending}
          onChange={(e) => save.mutate({ expertsSsoOnly: e.target.checked })}
        />
        {t("ssoOnly")}
      </label>
      {settings.expertsSsoOnly && !ssoName && <p className="notice">{t("pending")}</p>}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}

const noSubscription = () => () => {};
