import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useNotDescribedUsers, type DirectoryPerson } from './directory';
import { UserAvatar } from './UserAvatar';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 4)
    .toUpperCase();

/** Picks a directory person who is not described yet and fills the form with their data. */
export function DirectoryPersonPicker() {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  // Ask the directory once the admin pauses typing, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input]);
  const { data: people = [], isFetching } = useNotDescribedUsers(search);
  const { setValue } = useFormContext();

  const pick = (person: DirectoryPerson | null) => {
    const options = { shouldDirty: true, shouldValidate: Boolean(person) };
    setValue('azureOid', person?.azureId ?? '', options);
    if (!person) return;
    setValue('name', person.name, options);
    setValue('email', person.email || null, options);
    setValue('username', person.username || null, options);
    setValue('initials', initialsOf(person.name), options);
  };

  return (
    <Autocomplete
      options={people}
      loading={isFetching}
      filterOptions={(options) => options}
      getOptionLabel={(person) => person.name}
      isOptionEqualToValue={(a, b) => a.azureId === b.azureId}
      onInputChange={(_event, value, reason) => reason === 'input' && setInput(value)}
      onChange={(_event, person) => pick(person)}
      noOptionsText="Niemand im Verzeichnis, der noch nicht angelegt ist."
      loadingText="Verzeichnis wird durchsucht …"
      renderOption={({ key, ...props }, person) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5 }}>
          <UserAvatar azureId={person.azureId} name={person.name} />
          <span>
            <Typography variant="body2">{person.name}</Typography>
            <Typography variant="caption" color="text.secondary">
              {person.email}
            </Typography>
          </span>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Person aus dem Verzeichnis"
          helperText="Name, E-Mail oder Benutzername eintippen; angeboten wird, wer noch nicht angelegt ist."
        />
      )}
      sx={{ width: '100%', mb: 2 }}
    />
  );
}
