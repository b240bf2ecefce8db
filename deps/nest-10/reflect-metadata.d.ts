// reflect-metadata installs the Reflect metadata API globally; its global types come with gauntlet's own copy.
export {};
