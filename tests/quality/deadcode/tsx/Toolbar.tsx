// A toolbar that only uses the classic JSX runtime: React must stay imported.
import React from 'react';
import { Button } from './ui';

export const Toolbar = ({ onSave }: { onSave(): void }) => {
  const label = 'Save';
  const hint = 'Ctrl+S'; // expect: unused-local-variable
  return <Button onClick={onSave}>{label}</Button>;
};
