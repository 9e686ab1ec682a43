import { required, SimpleForm, TextInput } from 'react-admin';

type SynonymValues = { term?: string; synonyms?: string[] };

/** What is sent: the term, and one phrase per non-empty line. */
export const toSynonymBody = (values: SynonymValues) => ({
  term: (values.term ?? '').trim(),
  synonyms: (values.synonyms ?? []).map((s) => s.trim()).filter(Boolean),
});

// One phrase per line, kept as typed while editing (blank lines are dropped on save).
const formatLines = (value: string[] | undefined) => (value ?? []).join('\n');
const parseLines = (text: string) => text.split('\n');

/** The term buyers type and the phrases it stands for ("gta" → "grand theft auto"). */
export function SynonymForm() {
  return (
    <SimpleForm>
      <TextInput
        source="term"
        validate={required()}
        helperText="resources.search-synonyms.help.term"
      />
      <TextInput
        source="synonyms"
        multiline
        minRows={3}
        validate={required()}
        format={formatLines}
        parse={parseLines}
        helperText="resources.search-synonyms.help.synonyms"
      />
    </SimpleForm>
  );
}
