// Answers the fake REST routes give, shaped as Discord's.
export const ok = (body) => ({ status: 200, body });
export const noContent = () => ({ status: 204 });
export const error = (status, code, message) => ({ status, body: { code, message } });
