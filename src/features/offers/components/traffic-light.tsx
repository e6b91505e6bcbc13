import { TRAFFIC_LIGHT, type TrafficLightColor } from '@core/credit-check-filters';
import type { Chance } from '@core/prescoring/schemas';
import { it } from '../../../i18n/credit-check';

/**
 * The credit check's traffic light on the offers screen (spec §4): levels 2, 1, 0 shown red, amber, green;
 * a tap toggles a level, the last selected one stays; a locked check allows its one level only. Each
 * level says its number and name, and a legend says what the colours mean (docs/adr/0126-traffic-light-colours.md: red beside green
 * 'Sostenibilità: Alta' badges read as a warning).
 */
export function TrafficLight(props: { selected: readonly Chance[]; lock: Chance | null; onToggle: (value: Chance) => void }) {
  const { selected, lock } = props;
  return (
    <div
      className="traffic-light"
      role="group"
      aria-label={it.creditCheck.trafficLightTitle}
      aria-describedby="traffic-light-legend"
      data-testid="traffic-light"
    >
      <span className="traffic-light-title">{it.creditCheck.trafficLightTitle}</span>
      {TRAFFIC_LIGHT.map(({ value, color }) => {
        const on = selected.includes(value);
        const last = on && selected.length === 1;
        const locked = lock !== null;
        return (
          <button
            key={value}
            type="button"
            className={`traffic-light-level traffic-light-level--${color satisfies TrafficLightColor}`}
            aria-pressed={on}
            disabled={locked && value !== lock}
            title={locked ? it.creditCheck.trafficLightLocked : last ? it.creditCheck.trafficLightLast : undefined}
            data-level={value}
            onClick={() => props.onToggle(value)}
          >
            <span className="traffic-light-dot" aria-hidden="true" />
            {it.creditCheck.trafficLightLevel(value, it.creditCheck.trafficLight[value] ?? '')}
          </button>
        );
      })}
      <p className="traffic-light-legend" id="traffic-light-legend">
        {it.creditCheck.trafficLightLegend}
      </p>
    </div>
  );
}
