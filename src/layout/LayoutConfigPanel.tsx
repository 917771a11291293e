import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Drawer,
  FormControl,
  FormControlLabel,
  FormLabel,
  IconButton,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import {
  COLOR_SCHEMES,
  COMPONENT_THEME_IDS,
  COMPONENT_THEMES,
  FONT_SCALES,
  INPUT_STYLES,
  MENU_MODES,
  type LayoutSettings,
} from '../config/appearance';
import { useLayoutSettings } from './layoutSettings';

function Choice<K extends 'menuMode' | 'colorScheme' | 'inputStyle'>({
  setting,
  label,
  options,
}: {
  setting: K;
  label: string;
  options: readonly { id: LayoutSettings[K]; name: string }[];
}) {
  const { settings, change } = useLayoutSettings();
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
        {label}
      </FormLabel>
      <RadioGroup
        row
        value={settings[setting]}
        onChange={(event) => change({ [setting]: event.target.value } as Partial<LayoutSettings>)}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.id}
            value={option.id}
            control={<Radio size="small" />}
            label={option.name}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** Layout configuration: menu mode, colour scheme, inputs, ripple, font scale, theme. */
export function LayoutConfigPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { settings, change } = useLayoutSettings();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      transitionDuration={300}
      // Above the top bar, which itself lies above the menu.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: 340, maxWidth: '100vw' }, 'aria-label': 'Layout anpassen' } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 3, pt: 2 }}>
        <Typography variant="h6" component="h2">
          Layout anpassen
        </Typography>
        <IconButton aria-label="Schließen" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Stack spacing={2.5} sx={{ p: 3, pt: 1 }}>
        <Choice setting="menuMode" label="Menümodus" options={MENU_MODES} />
        <Choice setting="colorScheme" label="Farbschema" options={COLOR_SCHEMES} />
        <Choice setting="inputStyle" label="Eingabefelder" options={INPUT_STYLES} />
        <FormControlLabel
          control={
            <Switch
              checked={settings.ripple}
              onChange={(event) => change({ ripple: event.target.checked })}
            />
          }
          label="Ripple-Effekt"
        />
        <FormControl component="fieldset">
          <FormLabel component="legend" sx={{ fontWeight: 600, mb: 1 }}>
            Schriftgröße
          </FormLabel>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={settings.fontScale}
            onChange={(_event, value: LayoutSettings['fontScale'] | null) =>
              value && change({ fontScale: value })
            }
          >
            {FONT_SCALES.map((scale) => (
              <ToggleButton key={scale} value={scale} aria-label={`Schriftgröße ${scale}`} sx={{ px: 1.5 }}>
                {scale}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </FormControl>
        <FormControl component="fieldset">
          <FormLabel component="legend" sx={{ fontWeight: 600, mb: 1 }}>
            Farbthema
          </FormLabel>
          <Box role="radiogroup" aria-label="Farbthema" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {COMPONENT_THEME_IDS.map((id) => {
              const selected = settings.componentTheme === id;
              return (
                <IconButton
                  key={id}
                  role="radio"
                  aria-checked={selected}
                  aria-label={COMPONENT_THEMES[id].name}
                  title={COMPONENT_THEMES[id].name}
                  onClick={() => change({ componentTheme: id })}
                  sx={{
                    width: 36,
                    height: 36,
                    bgcolor: COMPONENT_THEMES[id].main,
                    color: '#fff',
                    outline: selected ? 3 : 0,
                    outlineColor: 'text.primary',
                    outlineOffset: 2,
                    '&:hover': { bgcolor: COMPONENT_THEMES[id].main, opacity: 0.85 },
                  }}
                >
                  {selected && <CheckIcon fontSize="small" />}
                </IconButton>
              );
            })}
          </Box>
        </FormControl>
      </Stack>
    </Drawer>
  );
}
