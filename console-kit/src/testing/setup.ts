import { configure } from '@testing-library/react';

// react-admin resolves auth and routes in several async steps; on a loaded 2-core CI machine
// they can take longer than testing-library's 1 s default for findBy* queries.
configure({ asyncUtilTimeout: 5_000 });
