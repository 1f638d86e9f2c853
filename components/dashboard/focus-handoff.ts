// The Now card's "Mark as Done" can finish the day, and then the card is replaced by the day's
// finished card: the button the keyboard user pressed is gone. The Now card notes that the focus
// was in it; the finished card, on mount, takes the focus to its heading if it was lost (and only
// then, so a page loaded on a finished day, or a focus elsewhere, is left alone).
let pending = false;

export function handOffFocus() {
  pending = true;
}

/** True once after handOffFocus(). */
export function takeFocusHandOff(): boolean {
  const was = pending;
  pending = false;
  return was;
}
