/** Colours and symbols of the comparison screen (Okabe–Ito palette: distinguishable with colour-vision deficiencies). */

export const DAY_COLORS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"];
export const dayColor = (dayIndex: number) => DAY_COLORS[dayIndex % DAY_COLORS.length];

export const SIDE_LABEL = { left: "A", right: "B" } as const;

/** Identifies one item of one plan on screen: side, day index, item index. */
export type ItemKey = `${"left" | "right"}:${number}:${number}`;
export const itemKey = (side: "left" | "right", day: number, item: number): ItemKey => `${side}:${day}:${item}`;
