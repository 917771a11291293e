import { describeDeclaredEntities } from './declaredEntityTests';

// The declared entities of the areas m to z (mail … users); the others are in declaredEntitiesAtoL.
describeDeclaredEntities((area) => area >= 'm');
