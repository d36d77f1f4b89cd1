// Small server-drawn SVG charts. Pure functions of their data: no I/O, no client script.
// Each chart names itself (<title>/<desc>) and carries a visually hidden table with every number,
// so the figure is readable without seeing it. hono/jsx escapes every label and number.

export type ChartPoint = { label: string; value: number };

type ChartProps = {
  id: string; // unique on the page; prefixes the ids aria-labelledby points at
  title: string;
  desc?: string;
  points: ChartPoint[];
  valueName: string; // column heading of the text alternative, e.g. "Domain Rating"
  labelName: string; // e.g. "Date", "Week"
  width?: number;
  height?: number;
};

const PAD = { top: 8, right: 8, bottom: 20, left: 30 };
const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

export function describeSeries(points: ChartPoint[], valueName: string): string {
  if (points.length === 0) return `No ${valueName} data yet.`;
  const first = points[0];
  const last = points[points.length - 1];
  const values = points.map((p) => p.value);
  if (points.length === 1) return `${valueName} ${fmt(first.value)} on ${first.label}.`;
  return `${valueName} from ${fmt(first.value)} (${first.label}) to ${fmt(last.value)} (${last.label}); ` +
    `lowest ${fmt(Math.min(...values))}, highest ${fmt(Math.max(...values))}, ${points.length} data points.`;
}

function TextAlternative(props: { caption: string; points: ChartPoint[]; labelName: string; valueName: string }) {
  return (
    <table class="sr-only">
      <caption>{props.caption}</caption>
      <thead><tr><th scope="col">{props.labelName}</th><th scope="col">{props.valueName}</th></tr></thead>
      <tbody>
        {props.points.map((p) => (<tr><th scope="row">{p.label}</th><td>{fmt(p.value)}</td></tr>))}
      </tbody>
    </table>
  );
}

function Frame(props: ChartProps & { w: number; h: number; desc: string; children?: unknown; top: number }) {
  const { id, w, h } = props;
  return (
    <figure class="chart">
      <svg class="chart" viewBox={`0 0 ${w} ${h}`} width={w} height={h} role="img" aria-labelledby={`${id}-title ${id}-desc`} focusable="false">
        <title id={`${id}-title`}>{props.title}</title>
        <desc id={`${id}-desc`}>{props.desc}</desc>
        <line x1={PAD.left} y1={h - PAD.bottom} x2={w - PAD.right} y2={h - PAD.bottom} stroke="currentColor" stroke-opacity="0.3" />
        <text x={PAD.left - 4} y={PAD.top + 8} text-anchor="end" font-size="13" fill="currentColor">{fmt(props.top)}</text>
        <text x={PAD.left - 4} y={h - PAD.bottom} text-anchor="end" font-size="13" fill="currentColor">0</text>
        {props.points.length > 0 ? (
          <>
            <text x={PAD.left} y={h - 5} font-size="13" fill="currentColor">{props.points[0].label}</text>
            {props.points.length > 1 ? (
              <text x={w - PAD.right} y={h - 5} text-anchor="end" font-size="13" fill="currentColor">{props.points[props.points.length - 1].label}</text>
            ) : null}
          </>
        ) : null}
        {props.children}
      </svg>
      <TextAlternative caption={props.title} points={props.points} labelName={props.labelName} valueName={props.valueName} />
    </figure>
  );
}

// A line over time, e.g. the Domain Rating trend (0..100 unless max says otherwise).
export function LineChart(props: ChartProps & { max?: number }) {
  const w = props.width ?? 360;
  const h = props.height ?? 120;
  const top = props.max ?? Math.max(1, ...props.points.map((p) => p.value));
  const innerW = w - PAD.left - PAD.right;
  const innerH = h - PAD.top - PAD.bottom;
  const n = props.points.length;
  const xy = props.points.map((p, i) => {
    const x = PAD.left + (n === 1 ? innerW / 2 : (i / (n - 1)) * innerW);
    const y = PAD.top + innerH - (Math.max(0, Math.min(p.value, top)) / top) * innerH;
    return [Math.round(x * 10) / 10, Math.round(y * 10) / 10] as const;
  });
  const last = xy[xy.length - 1];
  return (
    <Frame {...props} w={w} h={h} top={top} desc={props.desc ?? describeSeries(props.points, props.valueName)}>
      {n > 1 ? <polyline points={xy.map(([x, y]) => `${x},${y}`).join(' ')} fill="none" stroke="var(--accent)" stroke-width="2" stroke-linejoin="round" /> : null}
      {last ? <circle cx={last[0]} cy={last[1]} r="3" fill="var(--accent)" /> : null}
    </Frame>
  );
}

// One bar per period, e.g. votes per launch week.
export function BarChart(props: ChartProps) {
  const w = props.width ?? 360;
  const h = props.height ?? 120;
  const top = Math.max(1, ...props.points.map((p) => p.value));
  const innerW = w - PAD.left - PAD.right;
  const innerH = h - PAD.top - PAD.bottom;
  const slot = props.points.length ? innerW / props.points.length : innerW;
  const barW = Math.max(1, Math.min(24, slot * 0.7));
  return (
    <Frame {...props} w={w} h={h} top={top} desc={props.desc ?? describeSeries(props.points, props.valueName)}>
      {props.points.map((p, i) => {
        const bh = Math.round((Math.max(0, p.value) / top) * innerH * 10) / 10;
        const x = Math.round((PAD.left + i * slot + (slot - barW) / 2) * 10) / 10;
        return <rect x={x} y={Math.round((PAD.top + innerH - bh) * 10) / 10} width={Math.round(barW * 10) / 10} height={bh} rx="2" fill="var(--accent)" />;
      })}
    </Frame>
  );
}
