/** A trigger_id handed to the app with an interaction: views.open or views.push takes it once, within 3 seconds. */
export interface TriggerEntry {
  user: string;
  createdAt: number;
  used: boolean;
}
