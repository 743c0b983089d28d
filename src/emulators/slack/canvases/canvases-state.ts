/**
 * The canvases of the emulated workspaces: each canvas as a list of sections of Markdown (what
 * canvases.sections.lookup finds and canvases.edit targets), who may read or write it, the channel
 * it is a tab of, and each channel's one channel canvas. Also the switches a test flips: a
 * workspace with canvases turned off, or on a free plan (only tabbed canvases).
 * @see https://docs.slack.dev/surfaces/canvases
 */
import { z } from 'zod';

export type CanvasAccessLevel = 'read' | 'write' | 'owner';

export interface CanvasSection {
  /** `temp:C:` and 27 characters, as Slack's section ids look. */
  id: string;
  markdown: string;
}

export interface StoredCanvas {
  /** A file id (`F…`): a canvas is a file in Slack. */
  id: string;
  teamId: string;
  title: string;
  /** The user (the app's bot user for an app's canvas) that created it. */
  ownerId: string;
  /** The channel it is a tab of (canvases.create with channel_id, or a channel canvas). */
  channelId?: string;
  isChannelCanvas: boolean;
  sections: CanvasSection[];
  /** Channel and user ids → their access (canvases.access.set). */
  access: { channels: Record<string, CanvasAccessLevel>; users: Record<string, CanvasAccessLevel> };
  createdAt: number;
  updatedAt: number;
  /** How many times its content changed (canvases.edit). */
  edits: number;
}

const levelSchema = z.enum(['read', 'write', 'owner']);

export const storedCanvasSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  title: z.string(),
  ownerId: z.string(),
  channelId: z.string().optional(),
  isChannelCanvas: z.boolean(),
  sections: z.array(z.object({ id: z.string(), markdown: z.string() })),
  access: z.object({ channels: z.record(z.string(), levelSchema), users: z.record(z.string(), levelSchema) }),
  createdAt: z.number(),
  updatedAt: z.number(),
  edits: z.number(),
});

export const canvasesSnapshotSchema = z.object({
  canvases: z.array(storedCanvasSchema),
  disabledTeams: z.array(z.string()),
  freeTeams: z.array(z.string()),
});

export type CanvasesSnapshot = z.infer<typeof canvasesSnapshotSchema>;

/** A canvas's whole Markdown: its sections, a blank line apart. */
export function canvasMarkdown(canvas: Pick<StoredCanvas, 'sections'>): string {
  return canvas.sections.map((s) => s.markdown).join('\n\n');
}

export class CanvasesState {
  readonly canvases = new Map<string, StoredCanvas>();
  /** Workspaces with canvases turned off: every method answers canvas_disabled_user_team. */
  readonly disabledTeams = new Set<string>();
  /** Workspaces on a free plan: standalone canvases need a channel (free_teams_cannot_create_non_tabbed_canvases). */
  readonly freeTeams = new Set<string>();

  /** The live canvases of a channel (its tabs, its channel canvas first), or of every channel. */
  list(channelId?: string): StoredCanvas[] {
    return [...this.canvases.values()]
      .filter((c) => channelId === undefined || c.channelId === channelId || c.access.channels[channelId] !== undefined)
      .sort((a, b) => Number(b.isChannelCanvas) - Number(a.isChannelCanvas) || a.createdAt - b.createdAt);
  }

  channelCanvasOf(channelId: string): StoredCanvas | undefined {
    return [...this.canvases.values()].find((c) => c.isChannelCanvas && c.channelId === channelId);
  }

  clear(): void {
    this.canvases.clear();
    this.disabledTeams.clear();
    this.freeTeams.clear();
  }

  snapshot(): CanvasesSnapshot {
    return structuredClone({
      canvases: [...this.canvases.values()],
      disabledTeams: [...this.disabledTeams],
      freeTeams: [...this.freeTeams],
    });
  }

  restore(snapshot: CanvasesSnapshot | undefined): void {
    this.clear();
    for (const c of snapshot?.canvases ?? []) this.canvases.set(c.id, c);
    for (const t of snapshot?.disabledTeams ?? []) this.disabledTeams.add(t);
    for (const t of snapshot?.freeTeams ?? []) this.freeTeams.add(t);
  }
}
