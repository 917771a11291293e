import { describeDeclaredEntities, describeEntitySamples } from './declaredEntityTests';

// The declared entities of the areas a to l (activities … labels); the others are in declaredEntitiesMtoZ.
describeEntitySamples();
describeDeclaredEntities((area) => area < 'm');
