// The MUI floor as it is: drawn as soon as its code has run.
import { renderMuiFloor } from './MuiFloor';

renderMuiFloor();
