// Small pieces every site form uses, so errors read the same everywhere: the message sits next to its field
// and is announced by screen readers.
export const FieldNote = (props: { id: string; error?: string; hint?: string }) =>
  props.error
    ? <span class="error" id={props.id} role="alert">{props.error}</span>
    : props.hint ? <span class="muted small" id={props.id}>{props.hint}</span> : null;

// What a person typed, as a value: CRLF from browsers made \n, surrounding spaces dropped ('' for anything else).
export const cleanText = (v: unknown) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n').trim() : '');
