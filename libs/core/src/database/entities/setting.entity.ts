import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Global key/value settings (theme, displayOrder, itemsVisible, autoRefresh). */
@Entity('settings')
export class Setting {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 64, unique: true })
  name: string;

  @Column({ type: 'text' })
  value: string;
}
