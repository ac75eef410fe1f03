import assert from "node:assert/strict";
import { test } from "node:test";
import { clockOf, clockTime, emptyItem, itemSchema, minutesOf } from "./model";

test("clock times parse and print as HH:MM", () => {
  assert.equal(minutesOf("09:30"), 570);
  assert.equal(clockOf(570), "09:30");
  assert.equal(clockOf(24 * 60), "24:00");
  assert.ok(clockTime.safeParse("23:59").success);
  assert.ok(!clockTime.safeParse("25:00").success);
  assert.ok(!clockTime.safeParse("9:30").success);
});

test("an item without coordinates is valid (shown as location unknown)", () => {
  const item = emptyItem("attraction", "Somewhere");
  assert.ok(itemSchema.safeParse(item).success);
  assert.ok(!itemSchema.safeParse({ ...item, lat: 123 }).success);
});
