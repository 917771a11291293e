import { Link } from 'react-router-dom';
import { MY_STAGNANT_LINK, stagnantLineText } from '../myDayStagnant';

/** The caller's stagnating Vorgänge, linked to the list behind them; nothing when none (or an older kept copy). */
export function LightStagnantLine({ count }: { count: number | undefined }) {
  if (!count) return null;
  const text = stagnantLineText(count);
  return (
    <p className="mdl-small" data-stagnant style={{ marginTop: 8 }}>
      <Link to={MY_STAGNANT_LINK}>{text.link}</Link> <span className="mdl-muted">– {text.note}</span>
    </p>
  );
}
