/** The message shortcuts' callback ids (manifest.yml; test/manifest.test.ts keeps them equal). */
export const MESSAGE_SHORTCUT_IDS = {
  research: 'research_message',
  askAgent: 'ask_agent_message',
  summarize: 'summarize_message',
  /** *Add to research folder* on any message with files. */
  addToFolder: 'add_to_folder_message',
} as const;
