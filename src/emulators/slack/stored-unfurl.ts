export interface StoredUnfurl {
  channel: string;
  ts: string;
  unfurlId: string;
  urls: string[];
  unfurls: Record<string, unknown>;
  calls: number;
}
