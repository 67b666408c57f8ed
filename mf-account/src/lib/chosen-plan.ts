/** The plan a visitor picked on the plans page, remembered through sign-up (SPEC §2 Plans). */
import { CHOSEN_PLAN_STORAGE_KEY, PLANS, type Plan } from 'shared-contracts';

export function rememberChosenPlan(count: number): void {
  try {
    window.localStorage.setItem(CHOSEN_PLAN_STORAGE_KEY, String(count));
  } catch {
    // storage disabled (private mode): the choice is simply not remembered
  }
}

export function readChosenPlan(): Plan | null {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(CHOSEN_PLAN_STORAGE_KEY);
  } catch {
    return null;
  }
  return PLANS.find((p) => String(p.count) === raw) ?? null;
}
