export interface StoredUnfurl {
  channel: string;
  ts: string;
  unfurlId: string;
  urls: string[];
  unfurls: Record<string, unknown>;
  /** Work Object entities by the URL they unfurl (`app_unfurl_url`), from chat.unfurl's `metadata`. */
  entities?: Record<string, Record<string, unknown>>;
  calls: number;
}
