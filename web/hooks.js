// The page's one global: what the game's Python (through PyScript) and the tests call, by name.
export const hooks = (window.pasur ??= {});
