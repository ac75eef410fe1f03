/**
 * The verdict's radio groups (role="radiogroup" of role="radio" buttons) behave as native ones for the keyboard and
 * screen readers: one Tab stop a group (the checked radio, else the first), ←/→ (Home/End) move and choose. ↑/↓ stay
 * the judging screen's (useShortcuts: the rows of dimensions), as the groups are drawn in one line.
 */
import type { KeyboardEvent } from "react";

/** The radio's tabIndex: 0 for the checked one (the first where none is), -1 for the others. */
export function radioTabIndex(checked: boolean, first: boolean, noneChecked: boolean): 0 | -1 {
  return checked || (first && noneChecked) ? 0 : -1;
}

/** The group's onKeyDown: the arrow keys choose the next or previous radio and keep the focus on it. */
export function onRadioKeys(e: KeyboardEvent<HTMLElement>) {
  const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
  if (step === 0 && e.key !== "Home" && e.key !== "End") return;
  const radios = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]')];
  const at = radios.indexOf(document.activeElement as HTMLElement);
  if (at < 0) return;
  // Not the screen's shortcut too.
  e.preventDefault();
  e.stopPropagation();
  const to = e.key === "Home" ? 0 : e.key === "End" ? radios.length - 1 : (at + step + radios.length) % radios.length;
  radios[to].click();
  // A choice may move the focus on (to the rationale, as a click does): arrows keep it in the group.
  radios[to].focus();
}
