"use client";
/** The admin home's users: creating an expert or a reviewer (with a one-time invite link), deactivating, new invite links. */
import type { UsersAnswer } from "@/lib/platform/browser";
import { ROLE_LABELS } from "@/lib/accounts/browser";
import { useCreateExpert, useReinvite, useSetActive } from "./mutations";
import { useUsers } from "./queries";
import { useState } from "react";

type UserRow = UsersAnswer["users"][number];

export function AdminUsers({ currentUserId }: { currentUserId: string }) {
  const users = useUsers();
  const [invite, setInvite] = useState<{ email: string; link: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [role, setRole] = useState<"EXPERT" | "REVIEWER">("EXPERT");

  const create = useCreateExpert({
    onSuccess: (r, input) => {
      setInvite({ email: input.email, link: r.inviteUrl });
      setFormError(null);
    },
    onError: (e) => setFormError(e.message),
  });
  const setActive = useSetActive();
  const reinvite = useReinvite<UserRow>({ onSuccess: (r, u) => setInvite({ email: u.email, link: r.inviteUrl }) });

  return (
    <section className="card">
      <h2>Users</h2>
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
          Name
          <input name="name" required maxLength={120} placeholder="Full name" />
        </label>
        <label>
          Email
          <input name="email" type="email" required maxLength={320} placeholder="expert@example.org" />
        </label>
        <label>
          Role
          <select value={role} onChange={(e) => setRole(e.target.value as "EXPERT" | "REVIEWER")}>
            <option value="EXPERT">Expert (judges pairs)</option>
            <option value="REVIEWER">Reviewer (reviews judgments)</option>
          </select>
        </label>
        <button className="btn primary" type="submit" disabled={create.isPending}>
          {role === "REVIEWER" ? "Create reviewer" : "Create expert"}
        </button>
      </form>
      {formError && (
        <p role="alert" className="error">
          {formError}
        </p>
      )}
      {invite && (
        <div className="notice" data-testid="invite">
          <p>
            One-time invite link for <strong>{invite.email}</strong> (valid 7 days; shown only now):
          </p>
          <code data-testid="invite-link" className="copyable">
            {invite.link}
          </code>
          <button type="button" className="btn-link" onClick={() => navigator.clipboard?.writeText(invite.link)}>
            Copy
          </button>
        </div>
      )}
      {users.isError && <p className="error">{(users.error as Error).message}</p>}
      <table className="table" aria-label="Users">
        <thead>
          <tr>
            <th>Name</th>
            <th>Email</th>
            <th>Role</th>
            <th>Destinations</th>
            <th className="num">Judgments</th>
            <th>Status</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.data?.users.map((u) => (
            <tr key={u.id} data-testid={`user-${u.email}`} className={u.active ? "" : "inactive"}>
              <td>{u.name}</td>
              <td>{u.email}</td>
              <td>{ROLE_LABELS[u.role]}</td>
              <td>
                {u.destinations.map((d) => `${d.name} (${d.familiarity})`).join(", ") || (
                  <span className="muted">—</span>
                )}
              </td>
              <td className="num">{u.judgments}</td>
              <td>
                {!u.active ? "Deactivated" : u.hasPassword ? "Active" : u.pendingInvite ? "Invited" : "No password"}
              </td>
              <td>
                <div className="actions">
                  {u.id !== currentUserId && (
                    <button
                      type="button"
                      className="btn small"
                      onClick={() => setActive.mutate({ id: u.id, active: !u.active })}
                    >
                      {u.active ? "Deactivate" : "Reactivate"}
                    </button>
                  )}
                  {u.active && !u.hasPassword && (
                    <button type="button" className="btn small" onClick={() => reinvite.mutate(u)}>
                      New invite link
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
