/** The workflow stream event as the emulator emits it (see the interface's WorkflowStreamEvent). */
export type WorkflowEventType =
  | 'init'
  | 'workflow_start'
  | 'workflow_end'
  | 'node_start'
  | 'node_end'
  | 'agent_start'
  | 'agent_end'
  | 'tool_start'
  | 'tool_end'
  | 'stream_start'
  | 'streaming'
  | 'stream_end'
  | 'usage'
  | 'cancel'
  | 'error';

export interface TokenUsage {
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
}

export interface WorkflowEvent {
  event_id: string;
  event_type: WorkflowEventType;
  timestamp: number;
  response_id: string;
  workflow_id?: string;
  execution_id?: string;
  run_id?: string;
  /** Extra to the interface: the run_id of the enclosing pair, to make nesting explicit. */
  parent_run_id?: string;
  node_id?: string;
  node_name?: string;
  node_type?: string;
  agent_id?: string;
  agent_name?: string;
  agent_type?: string;
  tool_id?: string;
  tool_name?: string;
  input?: Record<string, unknown>;
  output?: Record<string, unknown>;
  content?: string;
  error?: Record<string, unknown>;
  /** On `usage` events (the same numbers are also in `output`). */
  usage?: TokenUsage;
  /** Absent on some events in the published framing (its sample tool_end has none). */
  offset?: number;
}
