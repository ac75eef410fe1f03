"use client";
/** The admin home's users: creating an expert or a reviewer (with a one-time invite link), deactivating, new invite links. */
import type { UsersAnswer } from "@/lib/platform/browser";
import { useCreateExpert, useReinvite, useSetActive } from "./mutations";
import { useUsers } from "./queries";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorText } from "../i18n";

type UserRow = UsersAnswer["users"][number];

export function AdminUsers({ currentUserId }: { currentUserId: string }) {
  const t = useTranslations("Admin.users");
  const errorText = useErrorText();
  const users = useUsers();
  const [invite, setInvite] = useState<{ email: string; link: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [role, setRole] = useState<"EXPERT" | "REVIEWER">("EXPERT");

  const create = useCreateExpert({
    onSuccess: (r, input) => {
      setInvite({ email: input.email, link: r.inviteUrl });
      setFormError(null);
    },
    onError: (e) => setFormError(errorText(e)),
  });
  const setActive = useSetActive();
  const reinvite = useReinvite<UserRow>({ onSuccess: (r, u) => setInvite({ email: u.email, link: r.inviteUrl }) });

  return (
    <section className="card">
      <h2>{t("title")}</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          create.mutate({ email: String(f.get("email")), name: String(f.get("name")), role });
          e.currentTarget.reset();
        }}
      >
        <label>
          {t("name")}
          <input name="name" required maxLength={120} placeholder={t("namePlaceholder")} />
        </label>
        <label>
          {t("email")}
          <input name="email" type="email" required maxLength={320} placeholder="expert@example.org" />
        </label>
        <label>
          {t("role")}
          <select value={role} onChange={(e) => setRole(e.target.value as "EXPERT" | "REVIEWER")}>
            <option value="EXPERT">{t("roleExpert")}</option>
            <option value="REVIEWER">{t("roleReviewer")}</option>
          </select>
        </label>
        <button className="btn primary" type="submit" disabled={create.isPending}>
          {role === "REVIEWER" ? t("createReviewer") : t("createExpert")}
        </button>
      </form>
      {formError && (
        <p role="alert" className="error">
          {formError}
        </p>
      )}
      {invite && (
        <div className="notice" data-testid="invite">
          <p>{t.rich("invite", { email: invite.email, strong: (chunks) => <strong>{chunks}</strong> })}</p>
          <code data-testid="invite-link" className="copyable">
            {invite.link}
          </code>
          <button type="button" className="btn-link" onClick={() => navigator.clipboard?.writeText(invite.link)}>
            {t("copy")}
          </button>
        </div>
      )}
      {users.isError && <p className="error">{errorText(users.error)}</p>}
      <table className="table" aria-label={t("title")}>
        <thead>
          <tr>
            <th>{t("name")}</th>
            <th>{t("email")}</th>
            <th>{t("role")}</th>
            <th>{t("destinations")}</th>
            <th className="num">{t("judgments")}</th>
            <th>{t("status")}</th>
            <th>
              <span className="sr-only">{t("actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.data?.users.map((u) => (
            <tr key={u.id} data-testid={`user-${u.email}`} className={u.active ? "" : "inactive"}>
              <td>{u.name}</td>
              <td>{u.email}</td>
              <td>{t(`roles.${u.role}`)}</td>
              <td>
                {u.destinations.map((d) => `${d.name} (${d.familiarity})`).join(", ") || (
                  <span className="muted">—</span>
                )}
              </td>
              <td className="num">{u.judgments}</td>
              <td>
                {!u.active
                  ? t("deactivated")
                  : u.hasPassword
                    ? t("active")
                    : u.pendingInvite
                      ? t("invited")
                      : t("noPassword")}
              </td>
              <td>
                <div className="actions">
                  {u.id !== currentUserId && (
                    <button
                      type="button"
                      className="btn small"
                      onClick={() => setActive.mutate({ id: u.id, active: !u.active })}
                    >
                      {u.active ? t("deactivate") : t("reactivate")}
                    </button>
                  )}
                  {u.active && !u.hasPassword && (
                    <button type="button" className="btn small" onClick={() => reinvite.mutate(u)}>
                      {t("newInvite")}
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
