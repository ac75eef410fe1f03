/** Whether a key event's target is a field the user types in: the screens' single-key shortcuts leave those alone. */
export function typingIn(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
  );
}
